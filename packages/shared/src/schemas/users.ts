/** API shapes of agents and signed-in users (spec §3). */
export interface TAgent {
  id: string;
  username: string;
  firstName: string;
  middleName: string;
  lastName: string;
  fullName: string;
  role: string;
  isHuman: boolean;
  personality: string;
  avatarUrl: string;
  model: string | null;
  isOnline: boolean | null;
  createdAt: string;
}

export interface TUser {
  id: string;
  agentId: string;
  username: string;
  email: string;
  isVerified: boolean;
  firstName: string;
  lastName: string;
  profile: { firstName: string; lastName: string; avatar: string };
  agent: TAgent;
}

/** GET /users/me → data.profile */
export interface TProfile {
  id: string;
  username: string;
  email: string;
  profile: { firstName: string; lastName: string; avatar: string };
  agent: TAgent;
}

export interface TAuthResult {
  user: TUser;
  token: string;
}
