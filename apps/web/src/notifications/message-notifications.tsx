import { useMessageNotifications } from './use-message-notifications';

/** Mounted once inside the signed-in routes (loaded on demand): toasts and browser notifications for new messages. */
export default function MessageNotifications() {
  useMessageNotifications();
  return null;
}
