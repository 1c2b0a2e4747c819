import type { ConversationMail, IncomingConversationMail, MailPurpose } from '@sourcing/shared';

/** The mails of ours a customer reads as the thread: the confirmation and staff replies (alerts and notices go to staff). */
const THREAD_PURPOSES: readonly MailPurpose[] = ['confirmation', 'reply'];

/**
 * The mails exchanged with the customer, oldest first as the API gives them: ours they got and
 * every mail that came back. The Mails card below still lists every mail with its delivery state.
 */
export const threadOf = (mails: readonly ConversationMail[]): ConversationMail[] =>
  mails.filter((mail) => mail.direction === 'in' || THREAD_PURPOSES.includes(mail.purpose));

/** The customer's own answer nobody has read yet (automatic replies and bounces are never waiting to be read). */
export const isUnseenReply = (mail: ConversationMail): mail is IncomingConversationMail =>
  mail.direction === 'in' && mail.kind === 'reply' && !mail.seen;

/** Whether the signed-in admin reading the record marks its answers read: its owner does, anyone does when it has none. */
export const readsReplies = (me: string | null, ownerId: string | null): boolean =>
  me !== null && (ownerId === null || ownerId === me);

/** The words to show first: the new part of a mail, or all of it when nothing was told apart as new. */
export const newWordsOf = (mail: { replyText: string; text: string }): string => mail.replyText || mail.text;

/** The file name a received mail downloads as: `mail-INQ-7K2M9Q.eml`, or by its id when no record claimed it. */
export const emlFileName = (referenceOrId: string): string => `mail-${referenceOrId}.eml`;
