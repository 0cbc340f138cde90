import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chatApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { chatKeys } from './keys';

/** GET /api/chat/friends (chat/myFriList). */
export function friendsQueryOptions() {
  return queryOptions({ queryKey: chatKeys.friends, queryFn: ({ signal }) => callApi(chatApi.listFriends, { signal }) });
}

export function useFriends() {
  const { token } = useSession();
  return useQuery({ ...friendsQueryOptions(), enabled: token !== null });
}

/** GET /api/chat/friends/:uid (chat/friCard, chat/chatInfoDetails, the direct chat's title). */
export function friendQueryOptions(uid: number) {
  return queryOptions({ queryKey: chatKeys.friend(uid), queryFn: ({ signal }) => callApi(chatApi.getFriend, { params: { uid }, signal }) });
}

export function useFriend(uid: number) {
  const { token } = useSession();
  return useQuery({ ...friendQueryOptions(uid), enabled: token !== null });
}

/** POST /api/chat/friends/:uid/remark. */
export function useSetFriendRemark(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remark: string) => callApi(chatApi.setFriendRemark, { params: { uid }, body: { remark } }),
    onSuccess: (friend) => {
      queryClient.setQueryData(chatKeys.friend(uid), friend);
      void queryClient.invalidateQueries({ queryKey: chatKeys.friends });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}

/** DELETE /api/chat/friends/:uid. */
export function useDeleteFriend(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(chatApi.deleteFriend, { params: { uid } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: chatKeys.friend(uid) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.friends });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}
