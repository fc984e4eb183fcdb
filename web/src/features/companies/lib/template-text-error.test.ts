import { describe, expect, it } from 'vitest';
import { ZMessageTemplateSchema } from '@cd/contracts/message';
import { templateTextErrorKey } from './template-text-error';

describe('templateTextErrorKey', () => {
  it('maps the contract messages of an empty or too long text to catalogue keys', () => {
    const empty = ZMessageTemplateSchema.shape.text.safeParse('   ');
    expect(templateTextErrorKey(empty.error!.issues[0]!.message)).toBe('must_not_be_empty');
    const long = ZMessageTemplateSchema.shape.text.safeParse('x'.repeat(1601));
    expect(templateTextErrorKey(long.error!.issues[0]!.message)).toBe('message_template_too_long');
    expect(templateTextErrorKey('Something else')).toBe('Something else');
  });
});
