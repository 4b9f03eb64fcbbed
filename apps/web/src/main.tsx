import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyLanguage, detectLanguage } from './i18n';
import { OfflineGate } from './offline/offline-gate';
import './styles.css';

// The first paint is in the reader's language: its catalog (one small chunk) loads before it.
await applyLanguage(detectLanguage(), { remember: false }).catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* The service worker's code loads after the first screen too: nothing of it is needed before. */}
    <OfflineGate onFirstScreen={() => void import('./push/service-worker').then((worker) => worker.startServiceWorker())}>
      <App />
    </OfflineGate>
  </StrictMode>,
);
