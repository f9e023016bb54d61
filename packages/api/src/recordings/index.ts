// `@atende/api/recordings`: the recording store alone (no database), for the server and the telephony gateway.

export { S3_ENV_KEYS, type S3Env, s3EnvProblems, s3EnvShape, s3SettingsOf } from "./settings";
export {
  type ByteRange,
  createRecordingStore,
  fileOfKey,
  LocalRecordingStore,
  type RecordingSource,
  type RecordingStorageConfig,
  type RecordingStore,
  type S3Settings,
} from "./store";
