/**
 * Why a user reports a listing: the server's fixed list, in the order the report form offers it.
 * The report form and the admins' queue both name them so.
 */
export const reportReasons = [
  { value: 'stolen-or-blocked', label: 'Stolen or blocked device' },
  { value: 'misleading-description', label: 'Misleading description' },
  { value: 'wrong-price', label: 'Wrong price' },
  { value: 'prohibited-item', label: 'Prohibited item' },
  { value: 'spam-or-duplicate', label: 'Spam or duplicate' },
  { value: 'other', label: 'Other' },
] as const;
export type ReportReason = (typeof reportReasons)[number]['value'];

/** A reason as people read it; reports made before reasons have none. */
export function reportReasonLabel(reason: string): string {
  return reportReasons.find((known) => known.value === reason)?.label ?? 'No reason given';
}
