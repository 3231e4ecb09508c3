export interface FeedbackValues {
  score: number;
  content: string;
  mobile?: string;
  wechat?: string;
  skype?: string;
}

/** The optional ways to reach the person back (spec §3). */
export const contactFields = ['mobile', 'wechat', 'skype'] as const;

/** What the feedback call gets: trimmed text, and blank contact fields left out (spec §3). */
export function feedbackPayload(values: FeedbackValues): FeedbackValues {
  const payload: FeedbackValues = { score: values.score, content: values.content.trim() };
  for (const field of contactFields) {
    const value = values[field]?.trim();
    if (value) payload[field] = value;
  }
  return payload;
}
