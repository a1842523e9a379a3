import { describe, expect, it, vi } from 'vitest';
import { ensureToastCorner, mountToastCornerOnFirstToast } from './toast-corner.ts';

describe('the toasts’ corner of a prerendered page', () => {
  it('mounts with the first toast, once; a page that asked nothing mounts nothing', () => {
    ensureToastCorner();
    const mount = vi.fn();
    mountToastCornerOnFirstToast(mount);
    expect(mount).not.toHaveBeenCalled();
    ensureToastCorner();
    ensureToastCorner();
    expect(mount).toHaveBeenCalledTimes(1);
  });
});
