import { api, ok, resetCsrf } from './api/client.ts';

export interface StaffUser {
  id: number;
  email: string;
  role?: 'owner' | 'staff';
}

/** Who is signed in: a staff user, or null (no session, or a customer's, which the panel refuses). */
export async function currentStaff(): Promise<StaffUser | null> {
  const { data, response } = await api.GET('/api/v1/auth/me/');
  if (!response.ok || !data || data.kind !== 'staff') return null;
  return { id: data.id, email: data.email ?? '', role: data.role };
}

export class NotStaffError extends Error {}

/** Signs in; a customer's account is signed out again and refused. */
export async function signIn(email: string, password: string): Promise<StaffUser> {
  const { user } = ok(await api.POST('/api/v1/auth/login/', { body: { email, password } }));
  if (user.kind !== 'staff') {
    await signOut();
    throw new NotStaffError('This is a customer account. The admin panel is for the store’s staff.');
  }
  return { id: user.id, email: user.email, role: user.role };
}

export async function signOut(): Promise<void> {
  await api.POST('/api/v1/auth/logout/', {});
  resetCsrf();
}
