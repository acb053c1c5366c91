import '../i18n/index.ts';
import { RolesScreen } from '../management/roles/RolesScreen.tsx';

export default function RolesPage() {
  return <RolesScreen />;
}
