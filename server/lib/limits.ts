// The maxima the server enforces and advertises in the register reply (spec "Limits"; upstream's
// values), and upstream's way of cutting text down to one.
import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH } from '../../shared/api';

/** upstream settings.MAX_MESSAGE_LENGTH. */
export const MAX_MESSAGE_LENGTH = 10_000;
/** upstream MAX_TOPIC_NAME_LENGTH. */
export const MAX_TOPIC_LENGTH = 60;
/** upstream Stream.MAX_NAME_LENGTH and Stream.MAX_DESCRIPTION_LENGTH. */
export const MAX_STREAM_NAME_LENGTH = 60;
export const MAX_STREAM_DESCRIPTION_LENGTH = 1024;

/** The register reply's advertised maxima. */
export const LIMITS = {
  max_message_length: MAX_MESSAGE_LENGTH,
  max_topic_length: MAX_TOPIC_LENGTH,
  max_stream_name_length: MAX_STREAM_NAME_LENGTH,
  max_stream_description_length: MAX_STREAM_DESCRIPTION_LENGTH,
  max_channel_folder_name_length: MAX_CHANNEL_FOLDER_NAME_LENGTH,
  max_channel_folder_description_length: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
} as const;

/** What ends a message upstream cut to length. */
export const TRUNCATED_MESSAGE_MARKER = '\n[message truncated]';

/**
 * upstream truncate_content: text longer than `max` characters is cut so that, with `suffix`, it is
 * `max` long. Characters are counted as Python counts them (code points), so an emoji is one.
 */
export function truncateContent(text: string, max: number, suffix: string): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return chars.slice(0, max - [...suffix].length).join('') + suffix;
}
