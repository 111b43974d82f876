import { z } from 'zod';

/** Grade codes in ascending order (001 §1). */
export const gradeCodeSchema = z.enum(['FREE', 'VIP', 'CVIP', 'SVIP', 'EVIP', 'GVIP']);
export type GradeCode = z.infer<typeof gradeCodeSchema>;

export const gradeInfoSchema = z.object({
  grade_enum: z.string(),
  /** Remaining days of the membership. */
  end_day: z.number().int(),
  /** Membership end, in seconds since the epoch. */
  end_time: z.number().int(),
});

/** `userInfo` as the client stores it (001 §3, 000 §3). */
export const userInfoSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  phone: z.string(),
  phone_last: z.string(),
  avatar: z.string(),
  head_img: z.string(),
  new_user: z.boolean(),
  grade: gradeCodeSchema,
  vip_name: z.string(),
  grade_info_vo: gradeInfoSchema,
  group_slave_name: z.string(),
  permission_version_code: z.number().int().nullable(),
  sub_account: z.boolean(),
  sub_account_parent_phone: z.string().nullable(),
  role_id: z.number().int(),
  show_old: z.boolean(),
  show_original_data: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** One binding of a permission child to a tier: `type` names what `value` holds (001 §3). */
export const permissionRoleBindSchema = z.object({
  type: z.string(),
  value: z.string(),
  ext: z.string().nullable().optional(),
});

/** The permission tree (`DccRoles`): an alias with children, each bound per tier. */
export const permissionNodeSchema = z.object({
  alias: z.string(),
  children: z.array(
    z.object({
      id: z.number().int(),
      permission_role_bind: z.array(permissionRoleBindSchema),
    }),
  ),
});
export type PermissionNode = z.infer<typeof permissionNodeSchema>;

/** Permission use (001 §3): remaining = per_val − use_val. */
export const permissionUseSchema = z.object({
  per_val: z.number().int(),
  use_val: z.number().int(),
});
export type PermissionUse = z.infer<typeof permissionUseSchema>;
