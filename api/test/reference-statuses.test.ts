import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contrastRatio, readableContrast } from '@crm/shared/contract';
import { statuses } from '../src/seed/data/statuses.ts';

test("every status a fresh console starts with is readable: its text on its colour meets WCAG AA", () => {
  for (const status of statuses) {
    const ratio = contrastRatio(status.text_color, status.bg_color);
    assert.ok(ratio >= readableContrast, `${status.class} ${status.name}: ${status.text_color} on ${status.bg_color} is ${ratio.toFixed(2)}:1`);
  }
});
