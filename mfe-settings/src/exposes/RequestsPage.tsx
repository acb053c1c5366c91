import '../i18n/index.ts';
import { RequestsScreen } from '../modules/requests/components/RequestsScreen.tsx';

export default function RequestsPage() {
  return <RequestsScreen />;
}
