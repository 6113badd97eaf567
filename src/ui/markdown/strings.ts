// The Markdown renderer's visible strings, per locale (merged into the widget's table later).

export interface MarkdownStrings {
  /** The code block's copy button. */
  copy: string;
  /** Its accessible name: says what is copied. Starts with the visible text (label in name). */
  copyCode: string;
  /** Shown (and announced) for a moment after a copy. */
  copied: string;
}

export const markdownStrings: Record<'en' | 'fr' | 'ar', MarkdownStrings> = {
  en: { copy: 'Copy', copyCode: 'Copy code', copied: 'Copied' },
  fr: { copy: 'Copier', copyCode: 'Copier le code', copied: 'Copié' },
  ar: { copy: 'نسخ', copyCode: 'نسخ الرمز', copied: 'تم النسخ' },
};
