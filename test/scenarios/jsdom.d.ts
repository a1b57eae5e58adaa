/** The one jsdom API the Mermaid test uses: jsdom 29 ships no types and @types/jsdom has no 29.x. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: { readonly document: unknown };
  }
}
