import type { DashboardCardKey } from '@crm/shared/contract';
import { theme } from '@crm/shared/ui';

/** The charts' colours and font from the antd theme, so the charts follow the host's theme. */
export function useChartPalette() {
  const { token } = theme.useToken();
  const cards: Record<DashboardCardKey, string> = {
    leads: token.colorPrimary,
    failed_leads: token.colorWarning,
    sent_success: token.colorSuccess,
    sent_failure: token.colorError,
    ftds: token.purple,
  };
  return {
    fontFamily: token.fontFamily,
    textColor: token.colorTextSecondary,
    cards,
    /** For one series per department; apexcharts starts again from the first when there are more. */
    many: [token.colorPrimary, token.purple, token.cyan, token.gold, token.magenta, token.lime, token.volcano, token.geekblue],
  };
}
