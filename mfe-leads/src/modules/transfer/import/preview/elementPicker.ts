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
  /** Characters kept so far (what `result` would join). */
  keptLength(): number;
};

const carriedCharacters = 64;

export function pickElements(tag: string, choose: (startTag: string) => ElementChoice): ElementPicker {
  const start = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${tag}[\\s/>]`, 'g');
  const kept: string[] = [];
  let keptCharacters = 0;
  let keeping = true;
  /**
   * The text not yet settled: from where a start tag may still begin (the last characters, or an unfinished tag).
   * What comes before it is settled: moved to `kept` if its element is kept (never carried from chunk to chunk again,
   * which made a kept row of 40 MB cost its length times the number of chunks), else forgotten.
   */
  let open = '';
  let stopped = false;

  function feed(chunk: string): boolean {
    if (stopped) return true;
    const text = open + chunk;
    let partStart = 0;
    let scanned = 0;
    let incompleteAt = -1;
    start.lastIndex = 0;
    for (let match = start.exec(text); match; match = start.exec(text)) {
      const tagEnd = text.indexOf('>', match.index);
      if (tagEnd < 0) {
        incompleteAt = match.index;
        break;
      }
      if (keeping) {
        kept.push(text.slice(partStart, match.index));
        keptCharacters += match.index - partStart;
      }
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
      kept.push(text.slice(partStart, resumeAt));
      keptCharacters += resumeAt - partStart;
    }
    open = text.slice(resumeAt);
    return false;
  }

  function result(): { text: string; closed: boolean } {
    const closed = !stopped && keeping;
    return { text: (closed ? [...kept, open] : kept).join(''), closed };
  }

  const keptLength = () => keptCharacters + (keeping ? open.length : 0);

  return { feed, result, keptLength };
}
