import { RemotePage } from '../RemotePage.ts';
import { RulesScreen } from '../modules/distribution/components/RulesScreen.tsx';

export default function DistributionRulesPage() {
  return (
    <RemotePage>
      <RulesScreen />
    </RemotePage>
  );
}
