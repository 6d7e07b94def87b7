// A user group as the channel rules read it, for the tests of those rules and of the screens that use
// them: a system group (role:…) unless told otherwise, never deactivated.
import type { GroupLike } from '../channel-groups';

export const groupLike = (id: number, name: string, members: number[], subgroups: number[] = [], system = true): GroupLike => ({
  id,
  name,
  members,
  direct_subgroup_ids: subgroups,
  is_system_group: system,
  deactivated: false,
});
