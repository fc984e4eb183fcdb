/** Terminal assignment id meaning "all users" (spec part 2 §9). */
export const ALL_USERS = 0;

/**
 * The assignment after a multi-select change (spec part 2 §5): picking All clears the individual users; picking a
 * user while All is chosen drops All.
 */
export function nextTerminalAssignment(options: { previous: readonly number[]; next: readonly number[] }): number[] {
  const { previous, next } = options;
  const hadAll = previous.includes(ALL_USERS);
  const hasAll = next.includes(ALL_USERS);
  if (hasAll && !hadAll) return [ALL_USERS];
  if (hasAll && hadAll && next.length > 1) return next.filter((id) => id !== ALL_USERS);
  return [...next];
}

export interface TTerminalRow {
  serial: string;
  description: string;
  assignedTo: number[];
}

/** Why a terminal row cannot be kept (null = fine): a serial is required and unique within the company. */
export function terminalRowError(options: { row: TTerminalRow; others: readonly TTerminalRow[] }): 'field_required' | 'terminal_serial_taken' | null {
  const serial = options.row.serial.trim();
  if (!serial) return 'field_required';
  if (options.others.some((o) => o.serial.trim().toLowerCase() === serial.toLowerCase())) return 'terminal_serial_taken';
  return null;
}
