import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { isValidatedBy, validateOnce } from '../server/services/validated-once.js';
import { outputValidatedOnce } from '../server/trpc/validated-output.js';

const ZCell = z.object({ userId: z.number().int(), date: z.string() });
const ZAnswer = z.object({ cells: z.array(ZCell) });

describe('answers validated once: kept answers pass their output check as they are', () => {
  it("keeps the schema's own output, frozen through and through", async () => {
    const answer = await validateOnce(ZAnswer, { cells: [{ userId: 1, date: '2027-01-04', secret: 'x' } as { userId: number; date: string }] });
    expect(answer).toEqual({ cells: [{ userId: 1, date: '2027-01-04' }] });
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer.cells)).toBe(true);
    expect(Object.isFrozen(answer.cells[0])).toBe(true);
    await expect(validateOnce(ZAnswer, { cells: [{ userId: 1.5, date: '2027-01-04' }] })).rejects.toThrow();
  });

  it('lets a kept answer through the output check unparsed, and parses anything else as the schema does', async () => {
    const output = outputValidatedOnce(ZAnswer);
    const kept = await validateOnce(ZAnswer, { cells: [{ userId: 1, date: '2027-01-04' }] });
    expect(output.parse(kept)).toBe(kept);

    const unkept = { cells: [{ userId: 1, date: '2027-01-04', secret: 'x' }] };
    const parsed = output.parse(unkept);
    expect(parsed).not.toBe(unkept);
    expect(parsed).toEqual({ cells: [{ userId: 1, date: '2027-01-04' }] });
    expect(() => output.parse({ cells: [{ userId: 'one', date: '2027-01-04' }] })).toThrow();
  });

  it('parses an answer kept for another schema', async () => {
    const ZNarrower = z.object({ cells: z.array(z.object({ userId: z.number().int() })) });
    const keptForOther = await validateOnce(ZAnswer, { cells: [{ userId: 1, date: '2027-01-04' }] });
    expect(isValidatedBy(keptForOther, ZNarrower)).toBe(false);
    expect(outputValidatedOnce(ZNarrower).parse(keptForOther)).toEqual({ cells: [{ userId: 1 }] });
  });
});
