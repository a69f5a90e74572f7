// People for the friends and feed tests: a patient and relatives in each state of consent, built
// through the API itself (search, request, accept, revoke) so the fixtures obey the same rules.
import { registeredCustomer, type TestApi } from './harness';

export type Person = Awaited<ReturnType<typeof registeredCustomer>>;
export type Client = Person['client'];

/** The relative asks to follow the patient; answers the follow id. */
export async function requestFollow(relative: Person, patient: Person): Promise<string> {
  const { id } = await relative.client.POST('/follower/v1/addFocus', { body: { customerId: patient.cid } });
  return id;
}

/** The relative asks and the patient accepts; answers the follow id. */
export async function acceptedFollow(relative: Person, patient: Person): Promise<string> {
  const id = await requestFollow(relative, patient);
  await patient.client.POST('/follower/v1/acceptFocus', { body: { id } });
  return id;
}

/** A relative who was accepted and then revoked by the patient; answers the follow id. */
export async function revokedFollow(relative: Person, patient: Person): Promise<string> {
  const id = await acceptedFollow(relative, patient);
  await patient.client.POST('/follower/v1/revokeFocus', { body: { id } });
  return id;
}

/** A patient with one relative in each state, and a stranger. */
export async function circle(api: TestApi) {
  const patient = await registeredCustomer(api, '张建国');
  const accepted = await registeredCustomer(api, '张丽');
  const pending = await registeredCustomer(api, '李明');
  const revoked = await registeredCustomer(api, '王芳');
  const stranger = await registeredCustomer(api, '陌生人');
  const follows = {
    accepted: await acceptedFollow(accepted, patient),
    pending: await requestFollow(pending, patient),
    revoked: await revokedFollow(revoked, patient),
  };
  return { patient, accepted, pending, revoked, stranger, follows };
}

/** Adds a glucose reading for `client` (China time) and answers its id. */
export async function addSugar(
  client: Client,
  sugar: number,
  createTime: string,
  extra: { timeType?: number; followerId?: string; testType?: '1' | '2'; remark?: string } = {},
) {
  const saved = await client.POST('/sugarTest/v1/add', { body: { sugar, createTime, ...extra } });
  return saved.testId;
}

/** Adds a pressure reading for `client` (China time) and answers its id. */
export async function addPressure(
  client: Client,
  sbp: number,
  dbp: number,
  createTime: string,
  extra: { followerId?: string; testType?: '1' | '2' } = {},
) {
  const saved = await client.POST('/bloodPressureTest/v1/add', { body: { sbp, dbp, hr: 72, createTime, ...extra } });
  return saved.bpId;
}
