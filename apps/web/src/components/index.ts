/** Shared widgets of 000 §2.7 and 002 §2/§4. */
export { AppDialog, type AppDialogProps } from './app-dialog/app-dialog';
export { CentreSection, type CentreSectionProps } from './centre-section/centre-section';
export { DEMO_BANNER_TEXT, DemoBanner, type DemoBannerProps } from './demo-banner/demo-banner';
export { FilterChip, type FilterChipProps } from './filter-chip/filter-chip';
export { type GenderName, GenderShare, type GenderShareItem, type GenderShareProps } from './gender-share/gender-share';
export { CompetitionStars, type CompetitionStarsProps } from './glossary-tip/competition-stars';
export { type GlossaryTermKey, GlossaryTip, type GlossaryTipProps } from './glossary-tip/glossary-tip';
export { GrowthText } from './growth-text/growth-text';
export { IconTab, type IconTabProps } from './icon-tab/icon-tab';
export { InputAction, type InputActionProps } from './input-action/input-action';
export { KeywordField, type KeywordFieldProps } from './keyword-field/keyword-field';
export { KeywordHighlight, type KeywordHighlightProps } from './keyword-highlight/keyword-highlight';
export { LazyQRCode } from './lazy-qr/lazy-qr';
export { FeedFooter, type FeedFooterProps, ListFooter, type ListFooterProps } from './list-footer/list-footer';
export {
  LOAD_FAILED_TEXT,
  LoadFailed,
  type LoadFailedProps,
  RELOAD_TEXT,
  RecordLoading,
} from './load-failed/load-failed';
export { LoginResult, type LoginResultProps } from './login-result/login-result';
export { NO_DATA_TEXT, NoData, type NoDataProps } from './no-data/no-data';
export {
  type NoPermissionFeature,
  NoPermissionPanel,
  type NoPermissionPanelProps,
  noPermissionSamples,
} from './no-permission-panel/no-permission-panel';
export { isRefusal, RefusalPanel } from './no-permission-panel/refusal-panel';
export { PageHero, type PageHeroProps } from './page-hero/page-hero';
export { AppPagination, type AppPaginationProps, type ExceedMaxInfo } from './pagination/app-pagination';
export { type CappedList, CappedPagination, type CappedPaginationProps } from './pagination/capped-pagination';
export { type RemoveFromPageOptions, useRemoveFromPage } from './pagination/use-remove-from-page';
export { PlatformChip, type PlatformChipProps } from './platform-chip/platform-chip';
export { PlayButton, type PlayButtonProps } from './play-button/play-button';
export { RegionLevelSwitch } from './region-level/region-level-switch';
export { FeatureTierBadge, type FeatureTierBadgeProps, TierBadge, type TierBadgeProps } from './tier-badge/tier-badge';
export {
  currentGrade,
  openLoginDialog,
  openPayDialog,
  openRowCapPrompt,
  type PayDialogPayload,
  type UpgradePromptPayload,
} from './upgrade-block/upgrade-actions';
export { UpgradeBlock, type UpgradeBlockProps } from './upgrade-block/upgrade-block';
export { PAY_PATH, UpgradeLinkButton } from './upgrade-block/upgrade-link-button';
export { FilePickButton, type FilePickButtonProps } from './upload-file-list/file-pick-button';
export {
  listedFile,
  type PickedFile,
  sizeInKb,
  UploadFileList,
  type UploadFileListItem,
  type UploadFileListProps,
  type UploadFileStatus,
} from './upload-file-list/upload-file-list';
