import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { UPLOAD_FIELD, uploadsApi, usersApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { userInfoQueryKey } from './get-user-info';

export type SetUserInfoBody = z.input<typeof usersApi.setUserInfo.body>;

/** POST /api/user/setInfo — a new nickname and/or avatar (an upload of the user's own; null removes it). */
export function setUserInfo(body: SetUserInfoBody) {
  return callApi(usersApi.setUserInfo, { body });
}

/** POST /api/upload — the avatar picture first, as multipart field `file`; answers its address. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file);
  return callApi(uploadsApi.upload, { formData: form });
}

export function useSetUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}
