import { UPLOAD_FIELD, uploadsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';

/** POST /api/upload — one image as multipart field `file`; answers its address. */
export function uploadImage(file: File) {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file);
  return callApi(uploadsApi.upload, { formData: form });
}
