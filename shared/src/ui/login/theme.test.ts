import { contrastRatio, readableContrast } from '../../contract/settings.ts';
import { consoleTheme } from './theme.ts';

test('the WCAG contrast ratio: black on white is 21, a colour on itself 1, the order does not matter', () => {
  expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
  expect(contrastRatio('#3b5bdb', '#3b5bdb')).toBe(1);
  // antd's own placeholder and secondary greys, which fail AA on white.
  expect(contrastRatio('#bfbfbf', '#ffffff')).toBeLessThan(2);
  expect(contrastRatio('#8c8c8c', '#ffffff')).toBeLessThan(readableContrast);
});

test.each(['colorLink', 'colorSuccess', 'colorError', 'colorInfo', 'colorWarning', 'colorTextDescription', 'colorTextTertiary', 'colorTextPlaceholder'] as const)(
  "the theme's %s is readable on white",
  (token) => {
    expect(contrastRatio(consoleTheme.token[token], '#ffffff')).toBeGreaterThanOrEqual(readableContrast);
  },
);

test("secondary text is readable on the layout's grey", () => {
  expect(contrastRatio(consoleTheme.token.colorTextDescription, '#f5f5f5')).toBeGreaterThanOrEqual(readableContrast);
});

test.each(['Success', 'Error', 'Info', 'Warning'] as const)('%s tags are readable: their text on their tint', (kind) => {
  const { token } = consoleTheme;
  expect(contrastRatio(token[`color${kind}`], token[`color${kind}Bg`])).toBeGreaterThanOrEqual(readableContrast);
});
