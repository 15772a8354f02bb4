/**
 * Injected into the CLI bundle in place of `Intl.Segmenter` (build-bundle.ts:
 * `define` Intl.Segmenter as LazySegmenter, `inject` this file; mcp-audit's own
 * code never segments). yargs' and cliui's string-width build a segmenter when their module
 * loads (string-width 8.3.0 and 7.2.0 index.js: `const segmenter = new Intl.Segmenter();`), which
 * costs ICU set-up on every run, help or not. This one builds the real segmenter on first use, with
 * the same arguments, and forwards to it: what it segments is exactly what Intl.Segmenter does.
 */
export class LazySegmenter {
  readonly #args: ConstructorParameters<typeof Intl.Segmenter>;
  #real: Intl.Segmenter | undefined;

  constructor(...args: ConstructorParameters<typeof Intl.Segmenter>) {
    this.#args = args;
  }

  #get(): Intl.Segmenter {
    this.#real ??= new globalThis.Intl.Segmenter(...this.#args);
    return this.#real;
  }

  segment(input: string): Intl.Segments {
    return this.#get().segment(input);
  }

  resolvedOptions(): Intl.ResolvedSegmenterOptions {
    return this.#get().resolvedOptions();
  }
}
