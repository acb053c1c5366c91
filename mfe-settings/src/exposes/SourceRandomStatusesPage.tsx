import '../i18n/index.ts';
import { SourceRandomStatusesScreen } from '../modules/sourceRandomStatuses/components/SourceRandomStatusesScreen.tsx';

export default function SourceRandomStatusesPage() {
  return <SourceRandomStatusesScreen />;
}
