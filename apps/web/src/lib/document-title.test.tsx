import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDocumentTitle } from './document-title';

describe('useDocumentTitle', () => {
  afterEach(() => {
    document.title = 'Lectio';
  });

  it("shows the page's title while mounted and puts the previous one back", () => {
    document.title = 'Lectio';
    const { rerender, unmount } = renderHook(({ title }) => useDocumentTitle(title), {
      initialProps: { title: 'Features' as string | undefined },
    });
    expect(document.title).toBe('Features · Lectio');
    rerender({ title: 'About' });
    expect(document.title).toBe('About · Lectio');
    unmount();
    expect(document.title).toBe('Lectio');
  });

  it('leaves the title alone until there is one', () => {
    document.title = 'Lectio';
    const { rerender } = renderHook(({ title }) => useDocumentTitle(title), {
      initialProps: { title: undefined as string | undefined },
    });
    expect(document.title).toBe('Lectio');
    rerender({ title: 'FAQs' });
    expect(document.title).toBe('FAQs · Lectio');
  });
});
