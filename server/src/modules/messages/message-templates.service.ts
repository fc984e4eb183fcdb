import type { TMessageTemplate } from '@cd/contracts/message';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { iri } from '../../lib/hydra';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import * as repo from './messages.repository';
import type { TMessageTemplateRow } from './messages.schema';

export function toMessageTemplateResource(row: TMessageTemplateRow): TMessageTemplate {
  return {
    '@id': iri('message_templates', row.id),
    '@type': 'MessageTemplate',
    id: row.id,
    text: row.text,
    company: iri('companies', row.companyId),
  };
}

function assertCanWrite(ctx: TRequestContext) {
  if (!ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may change message templates.');
}

async function loadTemplate(tx: TTx, companyId: number | null, id: number): Promise<TMessageTemplateRow> {
  const row = await repo.findTemplate(tx, { companyId, id });
  if (!row) throw new AppError('not_found', 'Message template not found.');
  return row;
}

/** Every user of the company reads its templates (the composer offers them), oldest first. */
export async function listMessageTemplates(opts: { ctx: TRequestContext; companyId?: number }): Promise<TMessageTemplateRow[]> {
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx, requested: opts.companyId });
  return runInScope(opts.ctx.db, { companyId }, (tx) => repo.listTemplates(tx, { companyId }));
}

export async function getMessageTemplate(opts: { ctx: TRequestContext; id: number }): Promise<TMessageTemplateRow> {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, (tx) => loadTemplate(tx, companyId, opts.id));
}

export async function createMessageTemplate(opts: { ctx: TRequestContext; companyId?: number; text: string }): Promise<TMessageTemplateRow> {
  assertCanWrite(opts.ctx);
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx, requested: opts.companyId });
  try {
    return await runInScope(opts.ctx.db, { companyId }, (tx) => repo.insertTemplate(tx, { companyId, text: opts.text }));
  } catch (err) {
    // Only a super admin can name a company that does not exist; answer as for any unknown company.
    if (isForeignKeyViolation(err)) throw new AppError('not_found', 'Company not found.');
    throw err;
  }
}

export async function changeMessageTemplate(opts: { ctx: TRequestContext; id: number; text: string }): Promise<TMessageTemplateRow> {
  assertCanWrite(opts.ctx);
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const row = await loadTemplate(tx, companyId, opts.id);
    return (await repo.updateTemplate(tx, { companyId: row.companyId, id: row.id, text: opts.text }))!;
  });
}

export async function deleteMessageTemplate(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  assertCanWrite(opts.ctx);
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  await runInScope(opts.ctx.db, scope, async (tx) => {
    const row = await loadTemplate(tx, companyId, opts.id);
    await repo.deleteTemplate(tx, { companyId: row.companyId, id: row.id });
  });
}
