/** Every query of the community feature lives under this key: a remark or a contact saved refreshes the feature. */
export const communityRootKey = ['community'] as const;

export const communityKeys = {
  mine: [...communityRootKey, 'mine'] as const,
  members: (generation: string) => [...communityRootKey, 'members', generation] as const,
  contact: [...communityRootKey, 'contact'] as const,
  leader: [...communityRootKey, 'leader'] as const,
  leaderUsers: [...communityRootKey, 'leader', 'users'] as const,
  leaderUser: (uid: number) => [...communityRootKey, 'leader', 'user', uid] as const,
};
