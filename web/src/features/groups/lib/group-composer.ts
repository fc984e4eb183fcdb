export function canSendGroupMessage(input: { text: string; files: readonly unknown[]; members: number; sending: boolean }): boolean {
  return !input.sending && input.members > 0 && (input.text.trim() !== '' || input.files.length > 0);
}
