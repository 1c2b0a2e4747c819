/**
 * References people can read out on the phone (docs/mail.md#references): a kind's prefix, a dash
 * and six Crockford base32 characters (no I, L, O or U), e.g. INQ-7K2M9Q.
 */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_LENGTH = 6;

/** The field holding a kind's reference: set by the server, shown in the admin, found by its search. */
export const referenceField = <const P extends string>(prefix: P) =>
  ({ key: 'reference', label: 'Reference', kind: 'reference', prefix }) as const;

/** A reference's shape, whatever its prefix. */
export const REFERENCE_PATTERN = new RegExp(`^[A-Z]{3}-[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);
