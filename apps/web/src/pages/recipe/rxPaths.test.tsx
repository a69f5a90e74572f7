import { describe, expect, it } from 'vitest';
import { buyMedicinePath, rxMessageLink } from './rxPaths';

const ID = '7c1e3f0a-5b2d-4e8f-9a1b-2c3d4e5f6a7b';

describe('rxMessageLink', () => {
  it('leads a prescription step to its detail and an advice to /proposal', () => {
    const extension = JSON.stringify({ infoId: ID });
    expect(rxMessageLink('prescription', extension)).toEqual({
      to: `/myRecipe/recipeDetail?recipeId=${ID}`,
      label: '查看处方',
    });
    expect(rxMessageLink('rx audit', extension)?.to).toBe(`/myRecipe/recipeDetail?recipeId=${ID}`);
    expect(rxMessageLink('proposal', extension)).toEqual({ to: `/proposal?infoId=${ID}`, label: '查看用药建议' });
  });

  it('leads nowhere for other kinds or an extension without an id', () => {
    expect(rxMessageLink('approveConsult', JSON.stringify({ infoId: ID }))).toBeNull();
    expect(rxMessageLink('proposal', '')).toBeNull();
    expect(rxMessageLink('proposal', '{"infoId":3}')).toBeNull();
  });
});

describe('buyMedicinePath', () => {
  it('carries the advice and its medicines to /drugMain', () => {
    expect(buyMedicinePath(ID, [1, 8])).toBe(`/drugMain?infoId=${ID}&medicineIds=1,8`);
    expect(buyMedicinePath(ID, [])).toBe(`/drugMain?infoId=${ID}`);
  });
});
