/**
 * Notification messages are HTML (the export's message carries a link), and the values put into them are written by
 * users: file names, department labels, setting names, error texts. `html` is the only way to build a message: every
 * interpolated value is escaped unless it is itself `Html`, so a hostile name shows as text in every user's bell.
 */
export class Html {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

export type HtmlValue = Html | string | number;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function html(parts: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  const text = parts.reduce((built, part, index) => {
    if (index === 0) return part;
    const value = values[index - 1];
    return `${built}${value instanceof Html ? value.text : escapeHtml(String(value))}${part}`;
  }, '');
  return new Html(text);
}
