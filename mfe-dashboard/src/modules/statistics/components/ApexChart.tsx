/**
 * react-apexcharts loaded on first use, so apexcharts (the largest thing this remote ships) is a chunk of its
 * own and the page's cards and pickers render before it arrives.
 */
import { lazy, Suspense } from 'react';
import type { Props as ReactApexChartProps } from 'react-apexcharts';
import { Flex, Spin } from '@crm/shared/ui';

const ReactApexChart = lazy(() => import(/* webpackChunkName: "apexcharts" */ 'react-apexcharts'));

export type ApexChartProps = Pick<ReactApexChartProps, 'type' | 'series' | 'options'> & { height: number };

export function ApexChart({ height, ...chart }: ApexChartProps) {
  return (
    <Suspense
      fallback={
        <Flex align="center" justify="center" style={{ height }}>
          <Spin />
        </Flex>
      }
    >
      <ReactApexChart {...chart} height={height} />
    </Suspense>
  );
}
