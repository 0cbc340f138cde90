import type { FastifyInstance } from 'fastify';
import { chatApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as chat from './chat.service.js';
import * as friends from './friends.service.js';
import * as groups from './groups.service.js';
import * as desk from './service-desk.service.js';

export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const hub = app.realtime;

  registerEndpoint(app, chatApi.searchUsers, ({ user, query }) => friends.search(db, user.id, query.q));
  registerEndpoint(app, chatApi.sendFriendRequest, ({ user, body }) => friends.sendRequest(db, hub, user.id, body.uid, body.note));
  registerEndpoint(app, chatApi.listFriendRequests, ({ user }) => friends.listRequests(db, user.id));
  registerEndpoint(app, chatApi.acceptFriendRequest, ({ user, params }) => friends.accept(db, hub, user.id, params.id));
  registerEndpoint(app, chatApi.rejectFriendRequest, ({ user, params }) => friends.reject(db, hub, user.id, params.id));
  registerEndpoint(app, chatApi.listFriends, ({ user }) => friends.listFriends(db, user.id));
  registerEndpoint(app, chatApi.getFriend, ({ user, params }) => friends.getFriend(db, user.id, params.uid));
  registerEndpoint(app, chatApi.setFriendRemark, ({ user, params, body }) => friends.setRemark(db, user.id, params.uid, body.remark));
  registerEndpoint(app, chatApi.deleteFriend, ({ user, params }) => friends.deleteFriend(db, user.id, params.uid));

  registerEndpoint(app, chatApi.createGroup, ({ user, body }) => groups.createGroup(db, hub, user.id, body));
  registerEndpoint(app, chatApi.listGroups, ({ user }) => groups.listGroups(db, user.id));
  registerEndpoint(app, chatApi.getGroup, ({ user, params }) => groups.getGroup(db, user.id, params.id));
  registerEndpoint(app, chatApi.updateGroup, ({ user, params, body }) => groups.updateGroup(db, hub, user.id, params.id, body));
  registerEndpoint(app, chatApi.inviteToGroup, ({ user, params, body }) => groups.invite(db, hub, user.id, params.id, body.uids));
  registerEndpoint(app, chatApi.removeFromGroup, ({ user, params, body }) => groups.removeMember(db, hub, user.id, params.id, body.uid));
  registerEndpoint(app, chatApi.exitGroup, ({ user, params }) => groups.exitGroup(db, hub, user.id, params.id));
  registerEndpoint(app, chatApi.disbandGroup, ({ user, params }) => groups.disband(db, hub, user.id, params.id));

  registerEndpoint(app, chatApi.listConversations, ({ user }) => chat.listConversations(db, user));
  registerEndpoint(app, chatApi.listMessages, ({ user, query }) => chat.listMessages(db, user, query));
  registerEndpoint(app, chatApi.sendMessage, ({ user, body }) => chat.sendFromClient(db, hub, user, body));
  registerEndpoint(app, chatApi.syncMessages, ({ user, query }) => chat.syncMessages(db, user, query.after));
  registerEndpoint(app, chatApi.markRead, ({ user, body }) => chat.markRead(db, hub, user, body.conversation, body.last_id));
  registerEndpoint(app, chatApi.getUnread, async ({ user }) => ({ total: await chat.totalUnread(db, user.id) }));

  registerEndpoint(app, chatApi.getMyService, ({ user }) => desk.myService(db, user));
  registerEndpoint(app, chatApi.serviceInbox, ({ user, query }) => desk.inbox(db, user, query.state));
  registerEndpoint(app, chatApi.claimService, ({ user, params }) => desk.claim(db, user, params.uid));
  registerEndpoint(app, chatApi.closeService, ({ user, params }) => desk.close(db, user, params.uid));
}
