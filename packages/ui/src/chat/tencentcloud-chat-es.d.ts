// @tencentcloud/chat ships an ES module build (index.es.js: 475 KB against the CommonJS main's 726 KB,
// 101 KB brotli against 136) without a "module" field or types of its own: they are the package's.
declare module '@tencentcloud/chat/index.es.js' {
  import TencentCloudChat from '@tencentcloud/chat';
  export default TencentCloudChat;
}
