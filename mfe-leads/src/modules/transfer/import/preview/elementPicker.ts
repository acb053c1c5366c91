/**
 * Keeps some elements of an XML text that arrives in chunks, without holding the rest: the text before the first
 * `<tag …>` (the head), then for each `<tag …>` the text up to the next one if `choose` keeps it. `choose` can
 * also stop the reading, leaving every later element out. Each chunk is scanned once (with the last characters
 * of the one before, for a start tag split between two chunks).
 */
export type ElementChoice = 'keep' | 'drop' | 'stop';

export type ElementPicker = {
  /** Takes the next chunk; true once `choose` has stopped the reading. */
  feed(chunk: string): boolean;
  /** The kept text; `closed` when the end of the text (after the last element) is in it. */
  result(): { text: string; closed: boolean };
};

const carriedCharacters = 64;

export function pickElements(tag: string, choose: (startTag: string) => ElementChoice): ElementPicker {
  const start = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${tag}[\\s/>]`, 'g');
  const kept: string[] = [];
  let keeping = true;
  /** The open part's text: whole while it is kept, only its last characters while it is dropped. */
  let open = '';
  /** Where in `open` a start tag not yet chosen on may begin. */
  let searchFrom = 0;
  let stopped = false;

  function feed(chunk: string): boolean {
    if (stopped) return true;
    const text = open + chunk;
    let partStart = 0;
    let scanned = searchFrom;
    let incompleteAt = -1;
    start.lastIndex = searchFrom;
    for (let match = start.exec(text); match; match = start.exec(text)) {
      const tagEnd = text.indexOf('>', match.index);
      if (tagEnd < 0) {
        incompleteAt = match.index;
        break;
      }
      if (keeping) kept.push(text.slice(partStart, match.index));
      const choice = choose(text.slice(match.index, tagEnd + 1));
      if (choice === 'stop') {
        stopped = true;
        open = '';
        return true;
      }
      keeping = choice === 'keep';
      partStart = match.index;
      scanned = start.lastIndex;
    }
    const resumeAt = incompleteAt >= 0 ? incompleteAt : Math.max(scanned, text.length - carriedCharacters);
    if (keeping) {
      open = text.slice(partStart);
      searchFrom = resumeAt - partStart;
    } else {
      open = text.slice(resumeAt);
      searchFrom = 0;
    }
    return false;
  }

  function result(): { text: string; closed: boolean } {
    const closed = !stopped && keeping;
    return { text: (closed ? [...kept, open] : kept).join(''), closed };
  }

  return { feed, result };
}
