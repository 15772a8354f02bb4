/**
 * docker / podman `run`: what runs is inside an image (the launch stage marks it opaque), so this
 * inventory only lists what the client itself reads: https://docs.docker.com/reference/cli/docker/#environment-variables,
 * https://docs.docker.com/reference/cli/docker/#configuration-files (`~/.docker/config.json`), and
 * podman's `containers.conf` (https://github.com/containers/common/blob/main/docs/containers.conf.5.md).
 */
import type { Inventory } from '../../shared/inventory.js';
import { each } from './build.js';

const CLI = 'https://docs.docker.com/reference/cli/docker/';

export const dockerInventory: Inventory = {
  component: 'docker',
  source: CLI,
  items: [
    ...each('env', 'changes-source', ['DOCKER_HOST', 'DOCKER_CONTEXT', 'DOCKER_CONFIG', 'DOCKER_CERT_PATH', 'DOCKER_TLS_VERIFY', 'DOCKER_TLS', 'CONTAINER_HOST', 'CONTAINERS_CONF'], 'which daemon runs the container, with which credentials', `${CLI}#environment-variables`),
    { kind: 'env-family', name: 'DOCKER_', effect: 'unknown', note: 'any other DOCKER_* variable: effect not modelled', source: `${CLI}#environment-variables` },
    ...each('config-key', 'changes-source', ['currentContext', 'proxies', 'auths'], 'which daemon, proxy or registry credentials', `${CLI}#configuration-files`),
    ...each('config-key', 'runs-code', ['credsStore', 'credHelpers', 'cliPluginsExtraDirs'], 'runs a credential helper or CLI plugin program', `${CLI}#configuration-files`),
  ],
  configFiles: [
    { path: '~/.docker/config.json', format: 'json', scope: 'user', source: `${CLI}#configuration-files` },
  ],
};
