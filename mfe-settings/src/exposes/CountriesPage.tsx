import { Placeholder } from '../Placeholder.tsx';

export default function CountriesPage() {
  return <Placeholder titleKey="menu.settings.countries" />;
}
