import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VISA_ACCEPT, VisaUpload } from '../../apps/web/src/features/admin/visa-upload.js';
import { renderPage, setupUser, testUser } from './render.js';

describe('the visa upload in the side panel (docs/product.md §5.6, §14.5)', () => {
  it('says a refused file beside the picker, announced, and takes a good one after it', async () => {
    const user = setupUser({ applyAccept: false });
    const chosen: File[] = [];
    await renderPage(<VisaUpload inputId="visa-file-7" currentFileName={null} stagedFile={null} uploading={false} accept={VISA_ACCEPT} onChoose={(f) => chosen.push(f)} />, {
      path: '/admin',
      user: testUser({ isAdmin: true }),
    });
    const input = screen.getByLabelText('Upload the visa document');

    await user.upload(input, new File(['x'], 'visa.gif', { type: 'image/gif' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Invalid File Type');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', alert.id);
    expect(chosen).toEqual([]);

    await user.upload(input, new File(['%PDF'], 'visa.pdf', { type: 'application/pdf' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(chosen.map((f) => f.name)).toEqual(['visa.pdf']);
  });
});
