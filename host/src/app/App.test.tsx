import { createTestStore, render, screen } from '@crm/shared/testing';
import { App } from './App.tsx';

function fontOf(element: HTMLElement): string {
  const styled = element.closest<HTMLElement>('[style*="font-family"]');
  return styled?.style.fontFamily ?? '';
}

test("the login page, outside the signed-in shell, has the theme's font and not the browser's serif", () => {
  render(<App store={createTestStore().store} />);

  expect(fontOf(screen.getByRole('heading', { name: 'Sign in' }))).toMatch(/sans-serif/);
  expect(fontOf(screen.getByLabelText('E-mail'))).toMatch(/sans-serif/);
});
