// The little of jsdom the statement renderer uses (the server compiles without the DOM library and
// jsdom ships no types): a window for DOMPurify and a detached element to set and read HTML in.
declare module 'jsdom' {
  import type { WindowLike } from 'dompurify';

  export interface ShimElement {
    innerHTML: string;
    textContent: string | null;
    getAttribute(name: string): string | null;
    querySelectorAll(selectors: string): Iterable<ShimElement>;
  }
  export type ShimWindow = WindowLike & {
    document: { createElement(tag: string): ShimElement };
  };
  export class JSDOM {
    constructor(html?: string);
    readonly window: ShimWindow;
  }
}
