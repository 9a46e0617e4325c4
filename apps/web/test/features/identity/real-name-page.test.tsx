import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RealNameInfo } from '@vela/contract';
import { preHashPassword } from '@vela/domain';
import RealNamePage from '../../../src/features/identity/real-name-page.tsx';
import { useSession } from '../../../src/stores/session-store.ts';
import { inputNamed, makeUser, mockApi, renderPage, setupWebTests, signInAs } from '../../setup.tsx';

setupWebTests();

const submitted = (
  status: 'PENDING' | 'APPROVED' | 'REJECTED',
  rejectReason: string | null = null,
): RealNameInfo => ({
  status,
  current: {
    id: 3,
    certType: 'PASSPORT',
    name: 'Lee Jiwoo',
    certNumberMasked: '**** 1234',
    status,
    rejectReason,
    submittedAt: 1_700_000_000_000,
    reviewedAt: status === 'PENDING' ? null : 1_700_000_600_000,
  },
});

/**
 * A stand-in for XMLHttpRequest: it records the request, reports upload progress in two steps and
 * answers with the envelope `answer` builds.
 */
function stubUploads(answer: (body: { purpose: string; id: number }) => unknown) {
  const sent: { url: string; headers: Record<string, string>; body: { purpose: string; data: string } }[] =
    [];
  let nextId = 40;
  class FakeXhr {
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    timeout = 0;
    responseText = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(text: string) {
      const body = JSON.parse(text) as { purpose: string; data: string };
      sent.push({ url: this.url, headers: this.headers, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        nextId += 1;
        this.responseText = JSON.stringify(answer({ purpose: body.purpose, id: nextId }));
        this.onload?.();
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const uploaded = (body: { purpose: string; id: number }) => ({
  success: true,
  code: 'OK',
  message: '',
  data: { id: body.id, purpose: body.purpose, mime: 'image/png', width: 320, height: 200, bytes: 900 },
});

function choosePhoto(name: string) {
  const input = document.querySelector<HTMLInputElement>(`input[type="file"][name="${name}"]`);
  if (!input) throw new Error(`no file input ${name}`);
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], `${name}.png`, {
    type: 'image/png',
  });
  fireEvent.change(input, { target: { files: [file] } });
}

describe('real-name verification screen', () => {
  it('while pending shows the submission and no form, and points to customer service', async () => {
    signInAs(makeUser({ hasFundPassword: true, realNameStatus: 'NONE' }));
    mockApi({ '/user/real-name/get': () => submitted('PENDING') });
    renderPage(<RealNamePage />, { path: '/real-name' });
    expect((await screen.findByTestId('real-name-status-text')).textContent).toBe('Under review');
    const card = screen.getByTestId('real-name-status');
    expect(card.textContent).toContain('Passport');
    expect(card.textContent).toContain('**** 1234');
    expect(screen.queryByTestId('submit-real-name')).toBeNull();
    expect(screen.getByTestId('real-name-contact-support')).toBeTruthy();
    // The stored user follows the server's status.
    expect(useSession.getState().user?.realNameStatus).toBe('PENDING');
  });

  it('once approved says the data cannot be changed', async () => {
    signInAs(makeUser({ hasFundPassword: true, realNameStatus: 'APPROVED' }));
    mockApi({ '/user/real-name/get': () => submitted('APPROVED') });
    renderPage(<RealNamePage />, { path: '/real-name' });
    expect((await screen.findByTestId('real-name-status-text')).textContent).toBe('Verified');
    expect(screen.getByText(/Submitted identity data cannot be changed/)).toBeTruthy();
    expect(screen.queryByTestId('submit-real-name')).toBeNull();
  });

  it('after a rejection shows the reason and the form to submit again', async () => {
    signInAs(makeUser({ hasFundPassword: true, realNameStatus: 'REJECTED' }));
    mockApi({ '/user/real-name/get': () => submitted('REJECTED', 'The photo is blurred') });
    renderPage(<RealNamePage />, { path: '/real-name' });
    expect((await screen.findByTestId('real-name-reject-reason')).textContent).toBe(
      'Reason: The photo is blurred',
    );
    expect(screen.getByTestId('submit-real-name')).toBeTruthy();
  });

  it('requires every field, uploads the photos with progress, and submits their ids', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    const api = mockApi({
      '/user/real-name/get': () => ({ status: 'NONE', current: null }),
      '/user/real-name/submit': () => submitted('PENDING'),
    });
    const sent = stubUploads(uploaded);
    renderPage(<RealNamePage />, { path: '/real-name' });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('submit-real-name'));
    for (const field of [
      'certType',
      'name',
      'certNumber',
      'frontImageId',
      'backImageId',
      'handheldImageId',
      'fundPwd',
    ])
      expect(screen.getByTestId(`error-${field}`)).toBeTruthy();
    expect(screen.getByTestId('error-frontImageId').textContent).toBe('Upload this photo');
    expect(api.callsTo('/user/real-name/submit')).toHaveLength(0);

    await user.click(screen.getByTestId('select-certType'));
    fireEvent.click(within(await screen.findByTestId('cert-type-picker')).getByText('Passport'));
    await user.type(inputNamed('name'), 'Lee Jiwoo');
    await user.type(inputNamed('certNumber'), 'M12345678');
    choosePhoto('frontImageId');
    choosePhoto('backImageId');
    choosePhoto('handheldImageId');
    await waitFor(() =>
      expect(screen.getByTestId('upload-handheldImageId').textContent).toContain('Tap to replace'),
    );
    expect(sent.map((s) => s.body.purpose).sort()).toEqual(['idBack', 'idFront', 'idHandheld']);
    // Each photo shows as soon as it is chosen.
    const previews = [...document.querySelectorAll<HTMLImageElement>('.image-upload__preview')];
    expect(previews.map((img) => img.getAttribute('src')?.startsWith('data:image/png;base64,'))).toEqual([
      true,
      true,
      true,
    ]);
    expect(sent[0]?.url).toMatch(/\/api\/upload\/image$/);
    expect(sent[0]?.headers.authorization).toBe('test-session-token');
    expect(sent[0]?.body.data).toBe(btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 1, 2, 3)));
    await user.type(inputNamed('fundPwd'), 'Fund#1234');
    await user.click(screen.getByTestId('submit-real-name'));

    expect((await screen.findByTestId('real-name-status-text')).textContent).toBe('Under review');
    const body = api.callsTo('/user/real-name/submit')[0]?.body;
    expect(body).toMatchObject({
      certType: 'PASSPORT',
      name: 'Lee Jiwoo',
      certNumber: 'M12345678',
      fundPwd: preHashPassword('Fund#1234'),
    });
    expect(
      [body?.frontImageId, body?.backImageId, body?.handheldImageId].every((id) => typeof id === 'number'),
    ).toBe(true);
    expect(await screen.findByText('The verification request was submitted successfully')).toBeTruthy();
    expect(useSession.getState().user?.realNameStatus).toBe('PENDING');
  });

  it('shows an upload refused by the server under its photo, and tries again on a tap', async () => {
    signInAs(makeUser({ hasFundPassword: true }));
    mockApi({ '/user/real-name/get': () => ({ status: 'NONE', current: null }) });
    let refuse = true;
    const sent = stubUploads((body) =>
      refuse
        ? {
            success: false,
            code: 'UPLOAD_NOT_IMAGE',
            message: 'Only JPEG, PNG or WebP images can be uploaded',
            data: { field: 'data' },
          }
        : uploaded(body),
    );
    renderPage(<RealNamePage />, { path: '/real-name' });
    await screen.findByTestId('submit-real-name');
    choosePhoto('frontImageId');
    expect((await screen.findByTestId('error-frontImageId')).textContent).toBe(
      'Only JPEG, PNG or WebP images can be uploaded',
    );
    expect(screen.getByTestId('upload-frontImageId').textContent).toContain('Upload failed');
    refuse = false;
    fireEvent.click(screen.getByTestId('upload-frontImageId'));
    await waitFor(() =>
      expect(screen.getByTestId('upload-frontImageId').textContent).toContain('Tap to replace'),
    );
    expect(sent).toHaveLength(2);
  });
});
