/** email-reply-parser ships no types: the part of its API the inbound reader uses (mail/inbound/read-inbound.ts). */
declare module 'email-reply-parser' {
  interface Fragment {
    getContent(): string;
    isQuoted(): boolean;
    isHidden(): boolean;
    isSignature(): boolean;
  }
  interface Email {
    getFragments(): Fragment[];
    getVisibleText(options?: { aggressive?: boolean }): string;
  }
  export default class EmailReplyParser {
    read(text: string): Email;
  }
}
