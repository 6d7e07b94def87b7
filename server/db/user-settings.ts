// The personal settings every account starts with, as upstream ships them; an organization changes
// them for new users through spec 4 (realm.user_settings_defaults). The values and their source are
// in shared/api/realm-defaults-usual.ts, which the console's Default settings screen reads too.
export { USUAL_USER_SETTING_DEFAULTS as UPSTREAM_USER_SETTING_DEFAULTS } from '../../shared/api/realm-defaults-usual';
