import { GOVERNANCE_TEXTS } from '@agentroom/shared';
import { AccountPageHeading } from '../account/account-page-heading';
import { useT } from '../i18n';
import { ExportsPanel } from './exports-panel';

const ACCOUNT_SCOPE = { kind: 'account' } as const;

/** Account → Your data: export my data (decision 0028). */
export default function MyDataPage() {
  const { t } = useT();
  return (
    <>
      <AccountPageHeading title={t(GOVERNANCE_TEXTS.yourData)}>{t('Download a copy of everything you have in Agentroom.')}</AccountPageHeading>
      <ExportsPanel scope={ACCOUNT_SCOPE} />
    </>
  );
}
