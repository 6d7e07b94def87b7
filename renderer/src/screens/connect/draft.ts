/** What the password and API key forms share while the user switches between them. */
export interface Draft {
  realmUrl: string;
  email: string;
}

export interface DraftProps {
  draft: Draft;
  onDraft(field: keyof Draft, value: string): void;
}
