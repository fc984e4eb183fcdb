import type { TAppointment } from '@cd/contracts/appointment';
import {
  APPOINTMENT_ACTIONS,
  APPOINTMENT_STATUS_COLORS,
  APPOINTMENT_TRANSITIONS,
  isAppointmentActive,
  type TAppointmentAction,
  type TAppointmentStatus,
} from '@cd/contracts/appointment-constants';
import { formatPhone } from '../../../lib/format';

/** The part of an MUI palette the status colours come from (kept structural so tests need no theme). */
export interface TStatusPalette {
  mode: 'light' | 'dark';
  warning: { main: string; contrastText: string };
  success: { main: string; contrastText: string };
  error: { main: string; contrastText: string };
  info: { main: string; contrastText: string };
  secondary: { main: string; contrastText: string };
  grey: Record<300 | 400 | 600 | 700, string>;
  text: { primary: string };
}

export interface TStatusColor {
  background: string;
  text: string;
}

/**
 * An appointment's colours by status (APPOINTMENT_STATUS_COLORS): the palette colour with its contrast text, so each
 * theme's own pairs keep the text readable; canceled is a quiet grey of the theme.
 */
export function statusColorOf(options: { palette: TStatusPalette; status: TAppointmentStatus }): TStatusColor {
  const { palette, status } = options;
  const name = APPOINTMENT_STATUS_COLORS[status];
  if (name === 'grey') return { background: palette.mode === 'dark' ? palette.grey[700] : palette.grey[300], text: palette.text.primary };
  return { background: palette[name].main, text: palette[name].contrastText };
}

/** The actions §4 allows from a status, in the order the detail shows them. */
export function allowedActionsOf(status: TAppointmentStatus): TAppointmentAction[] {
  return APPOINTMENT_ACTIONS.filter((a) => APPOINTMENT_TRANSITIONS[a].from.includes(status));
}

/** Actions that send the customer bad news and cannot be undone: asked for confirmation first. */
export function isDestructiveAction(action: TAppointmentAction): boolean {
  return action === 'deny' || action === 'cancel';
}

/** Only appointments that hold time move, resize or change their assignee (the server answers 409 otherwise). */
export function isAppointmentEditable(status: TAppointmentStatus): boolean {
  return isAppointmentActive(status);
}

/** The numeric id of an `/api/users/{id}`-style reference. */
export function idOfIri(iri: string | null | undefined): number | null {
  const m = iri ? /\/(\d+)$/.exec(iri) : null;
  return m ? Number(m[1]) : null;
}

/** Who the appointment is for: the customer's name, else their phone (a customer who wrote in before giving a name). */
export function customerLabelOf(appointment: Pick<TAppointment, 'customerName' | 'customerPhone'>): string {
  return appointment.customerName.trim() || formatPhone(appointment.customerPhone);
}

/** A FullCalendar event of an appointment: the title is the customer; the rest is drawn from `extendedProps`. */
export interface TAppointmentEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  editable: boolean;
  color: string;
  contrastColor: string;
  class: string;
  extendedProps: { appointment: TAppointment };
}

export function toCalendarEvent(options: { appointment: TAppointment; palette: TStatusPalette }): TAppointmentEvent {
  const { appointment: a, palette } = options;
  const color = statusColorOf({ palette, status: a.status });
  return {
    id: String(a.id),
    title: customerLabelOf(a),
    start: a.startsAt,
    end: a.endsAt,
    editable: isAppointmentEditable(a.status),
    color: color.background,
    contrastColor: color.text,
    class: `appointment-event appointment-event-${a.status}`,
    extendedProps: { appointment: a },
  };
}

/** "Oil change, Tire rotation". */
export function servicesLabelOf(appointment: Pick<TAppointment, 'services'>): string {
  return appointment.services.map((s) => s.title).join(', ');
}

/** What a screen reader hears for an event: time, customer, services, vehicle, status. */
export function eventSummaryOf(options: { appointment: TAppointment; time: string; statusLabel: string }): string {
  const { appointment: a } = options;
  return [options.time, customerLabelOf(a), servicesLabelOf(a), a.vehicleLabel, options.statusLabel].filter(Boolean).join(', ');
}

export interface TAssigneeOption {
  /** `/api/users/{id}`. */
  iri: string;
  name: string;
}

/**
 * The people appointments are assigned to: everyone with shifts, plus anyone already assigned in what is loaded (a
 * colleague whose shifts were removed keeps their appointments), by name.
 */
export function assigneeOptionsOf(options: {
  workingHours: readonly { user: string; userName: string }[];
  appointments: readonly Pick<TAppointment, 'assignee' | 'assigneeName'>[];
}): TAssigneeOption[] {
  const byIri = new Map<string, string>();
  for (const w of options.workingHours) byIri.set(w.user, w.userName);
  for (const a of options.appointments) if (a.assignee && !byIri.has(a.assignee)) byIri.set(a.assignee, a.assigneeName ?? a.assignee);
  return [...byIri].map(([iri, name]) => ({ iri, name })).sort((a, b) => a.name.localeCompare(b.name));
}
