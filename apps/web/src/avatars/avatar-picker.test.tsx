import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_ERRORS, AVATAR_MAX_BYTES } from '@agentroom/shared';
import { ApiError } from '../api/api-error';
import { AvatarPicker, type AvatarPickerProps } from './avatar-picker';

const GENERATED = '/api/v1/avatars/ada.svg';
const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

beforeEach(() => {
  // jsdom has no blob: URLs; each chosen file gets a recognisable one.
  let made = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${(made += 1)}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

/** A controllable upload: the test reports progress and settles it. */
function deferredUpload() {
  let progress: (fraction: number) => void = () => {};
  let settle: { resolve: () => void; reject: (error: unknown) => void } = { resolve: () => {}, reject: () => {} };
  const onUpload = vi.fn(
    (_file: File, onProgress: (fraction: number) => void) =>
      new Promise<void>((resolve, reject) => {
        progress = onProgress;
        settle = { resolve, reject };
      }),
  );
  return { onUpload, progress: (f: number) => progress(f), resolve: () => settle.resolve(), reject: (e: unknown) => settle.reject(e) };
}

const renderPicker = (props: Partial<AvatarPickerProps> = {}) =>
  render(<AvatarPicker name="Ada Lovelace" src={GENERATED} removable={false} onUpload={vi.fn(async () => {})} onRemove={vi.fn(async () => {})} {...props} />);

const shownImage = () => screen.getByRole('img', { name: 'Ada Lovelace' });

describe('avatar picker', () => {
  it('previews the chosen image at once, shows the upload progress, then what the server stored', async () => {
    const upload = deferredUpload();
    const view = renderPicker({ onUpload: upload.onUpload });
    await userEvent.upload(screen.getByTestId('avatar-input'), png());
    expect(upload.onUpload).toHaveBeenCalledWith(expect.objectContaining({ name: 'me.png' }), expect.any(Function));
    expect(shownImage()).toHaveAttribute('src', 'blob:preview-1');

    upload.progress(0.42);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading avatar' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '42'));
    expect(screen.getByText('Uploading… 42%')).toBeInTheDocument();

    upload.resolve();
    view.rerender(
      <AvatarPicker name="Ada Lovelace" src="/api/v1/avatars/i/0b8a3d8e-2f8e-4b8e-9c1e-6d1f2a3b4c5d.webp" removable onUpload={upload.onUpload} onRemove={vi.fn()} />,
    );
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(shownImage().getAttribute('src')).toMatch(/\/api\/v1\/avatars\/i\/0b8a3d8e-2f8e-4b8e-9c1e-6d1f2a3b4c5d\.webp$/);
    expect(screen.getByRole('button', { name: 'Change image' })).toBeInTheDocument();
  });

  it("shows the server's refusal and goes back to the stored avatar", async () => {
    const upload = deferredUpload();
    renderPicker({ onUpload: upload.onUpload });
    await userEvent.upload(screen.getByTestId('avatar-input'), png());
    upload.reject(new ApiError(AVATAR_ERRORS.unreadable, 400, 'VALIDATION_ERROR', { avatar: AVATAR_ERRORS.unreadable }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AVATAR_ERRORS.unreadable);
    expect(shownImage().getAttribute('src')).toMatch(/\/api\/v1\/avatars\/ada\.svg$/);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refuses a file that is too large or not an image before sending anything', async () => {
    const onUpload = vi.fn(async () => {});
    renderPicker({ onUpload });
    const input = screen.getByTestId('avatar-input');
    await userEvent.upload(input, png(AVATAR_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(AVATAR_ERRORS.tooLarge);
    // The input's accept list would hide it in a browser; a drop or "all files" still gets here.
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent(AVATAR_ERRORS.unsupportedType);
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('offers Remove only for an uploaded avatar, and says when removing fails', async () => {
    const onRemove = vi.fn(async () => {
      throw new ApiError('Network error', 0);
    });
    const view = renderPicker({ onRemove });
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload image' })).toHaveAccessibleDescription(/PNG, JPEG, WebP or GIF, up to 5 MB/);
    view.rerender(<AvatarPicker name="Ada Lovelace" src="/api/v1/avatars/i/x.webp" removable onUpload={vi.fn()} onRemove={onRemove} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledOnce();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
  });

  it('keeps a chosen image as the preview while it waits to be sent (a new agent)', async () => {
    let pending: File | null = null;
    const onUpload = vi.fn(async (file: File) => {
      pending = file;
    });
    const view = renderPicker({ src: '', onUpload });
    await userEvent.upload(screen.getByTestId('avatar-input'), png());
    view.rerender(<AvatarPicker name="Ada Lovelace" src="" removable pendingFile={pending} onUpload={onUpload} onRemove={vi.fn()} />);
    expect(shownImage()).toHaveAttribute('src', 'blob:preview-1');
    view.rerender(<AvatarPicker name="Ada Lovelace" src="" removable={false} pendingFile={null} onUpload={onUpload} onRemove={vi.fn()} />);
    // No picture: the initials stand in.
    expect(shownImage()).toHaveTextContent('AL');
  });
});
