import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { chatApi, type GroupDetails } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { chatKeys } from './keys';

/** GET /api/chat/groups (chat/groupList). */
export function groupsQueryOptions() {
  return queryOptions({ queryKey: chatKeys.groups, queryFn: ({ signal }) => callApi(chatApi.listGroups, { signal }) });
}

export function useGroups() {
  const { token } = useSession();
  return useQuery({ ...groupsQueryOptions(), enabled: token !== null });
}

/** GET /api/chat/groups/:id (chat/groupInfoDetails; members only). */
export function groupQueryOptions(id: number) {
  return queryOptions({ queryKey: chatKeys.group(id), queryFn: ({ signal }) => callApi(chatApi.getGroup, { params: { id }, signal }) });
}

export function useGroup(id: number) {
  const { token } = useSession();
  return useQuery({ ...groupQueryOptions(id), enabled: token !== null });
}

function refreshGroups(queryClient: QueryClient, group?: GroupDetails) {
  if (group) queryClient.setQueryData(chatKeys.group(group.id), group);
  void queryClient.invalidateQueries({ queryKey: chatKeys.groups, exact: true });
  void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
}

export interface CreateGroupInput {
  name: string;
  nickname: string;
  announcement: string;
  member_uids: number[];
}

/** POST /api/chat/groups — name, nickname and announcement all required (spec §5). */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateGroupInput) => callApi(chatApi.createGroup, { body: input }),
    onSuccess: (group) => refreshGroups(queryClient, group),
  });
}

/** POST /api/chat/groups/:id — the owner edits the name or the announcement. */
export function useUpdateGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name?: string; announcement?: string }) => callApi(chatApi.updateGroup, { params: { id }, body: input }),
    onSuccess: (group) => refreshGroups(queryClient, group),
  });
}

/** POST /api/chat/groups/:id/invite — any member invites friends. */
export function useInviteToGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uids: number[]) => callApi(chatApi.inviteToGroup, { params: { id }, body: { uids } }),
    onSuccess: (group) => refreshGroups(queryClient, group),
  });
}

/** POST /api/chat/groups/:id/remove — the owner removes a member. */
export function useRemoveFromGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: number) => callApi(chatApi.removeFromGroup, { params: { id }, body: { uid } }),
    onSuccess: (group) => refreshGroups(queryClient, group),
  });
}

/** POST /api/chat/groups/:id/exit (a member) or /disband (the owner). */
export function useLeaveGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (how: 'exit' | 'disband') => callApi(how === 'exit' ? chatApi.exitGroup : chatApi.disbandGroup, { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: chatKeys.group(id) });
      queryClient.removeQueries({ queryKey: chatKeys.messages({ type: 'group', id }) });
      refreshGroups(queryClient);
    },
  });
}
