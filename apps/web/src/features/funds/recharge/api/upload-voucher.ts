import { useMutation } from '@tanstack/react-query';
import { UPLOAD_FIELD, uploadsApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';

/**
 * POST /api/upload — one image in the multipart field `file`; answers its address (`/uploads/<sha256>.<ext>`).
 * The server decides from the content whether it is an image, so nothing about the file is trusted here.
 */
export function uploadVoucher(file: File) {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  return callApi(uploadsApi.upload, { formData: form });
}

export function useUploadVoucher() {
  return useMutation({ mutationFn: uploadVoucher });
}
