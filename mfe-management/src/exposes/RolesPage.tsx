import '../i18n/index.ts';
import { RolesScreen } from '../modules/roles/components/RolesScreen.tsx';

export default function RolesPage() {
  return <RolesScreen />;
}
