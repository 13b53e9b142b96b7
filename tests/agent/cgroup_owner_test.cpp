// What a GPU process belongs to, from its /proc/PID/cgroup: every line below is quoted from a
// public source (named above it), as real systems wrote them.
#include <gtest/gtest.h>

#include "agent/gpu/cgroup_owner.h"

using fleetdeck::agent::gpu::cgroup_owner;
using fleetdeck::agent::gpu::cgroup_path_owner;
using fleetdeck::agent::gpu::CgroupOwner;

TEST(CgroupOwner, SlurmJobFromTheV1AndV2Hierarchies) {
    // Slurm's cgroup/v1 plugin: "/slurm_${nodename}/uid_${uid}/job_${jobid}/step_${step}/task_${task}"
    // (plazonic/cgroup_exporter#5, citing src/plugins/cgroup/v1/xcgroup.c), "/slurm/uid_..."
    // without multiple-slurmd (SchedMD/slurm#8); and a test script's
    // "/sys/fs/cgroup/memory/slurm/uid_$UID/job_$SLURM_JOB_ID/memory.limit_in_bytes".
    EXPECT_EQ(cgroup_owner("4:memory:/slurm/uid_1000/job_4242/step_0/task_0\n").slurm_job, 4242);
    EXPECT_EQ(cgroup_path_owner("/slurm_node017/uid_1000/job_4242/step_batch/task_0").slurm_job, 4242);
    // cgroup/v2: "/sys/fs/cgroup/system.slice/slurmstepd.scope/job_%v" (clemsonciti/jobperf#3,
    // after slurm.schedmd.com/cgroup_v2.html), with the step and task below it.
    const CgroupOwner v2 = cgroup_owner("0::/system.slice/slurmstepd.scope/job_4242/step_0/user/task_0\n");
    EXPECT_EQ(v2.slurm_job, 4242);
    EXPECT_FALSE(v2.container);
    EXPECT_FALSE(v2.systemd_unit) << "slurmstepd.scope is a scope, not a service";
    // Not a job: a job_ component without a number, and the NordicHPC/sonar#35 recipe's trap
    // (grep 'job_' anywhere) does not apply to a component such as "job_4242x".
    EXPECT_FALSE(cgroup_path_owner("/slurm/uid_1000/job_/step_0").slurm_job);
    EXPECT_FALSE(cgroup_path_owner("/slurm/uid_1000/job_4242x/step_0").slurm_job);
}

TEST(CgroupOwner, DockerContainersUnderBothCgroupDrivers) {
    // systemd driver: `docker run fedora cat /proc/self/cgroup` (containerd/containerd#285).
    const CgroupOwner systemd = cgroup_owner(
        "11:perf_event:/system.slice/docker-b33dda97580e721a69fa81742190341f858ea809ec4a9d74a8cfd411b0ee7c26.scope\n"
        "10:memory:/init.scope/system.slice/docker-b33dda97580e721a69fa81742190341f858ea809ec4a9d74a8cfd411b0ee7c26.scope\n"
        "1:name=systemd:/system.slice/docker-b33dda97580e721a69fa81742190341f858ea809ec4a9d74a8cfd411b0ee7c26.scope\n");
    EXPECT_EQ(systemd.container, "b33dda97580e");
    EXPECT_FALSE(systemd.systemd_unit);
    // cgroupfs driver: /proc/1/cgroup inside a container (d2iq-archive/kubernetes-mesos#565).
    const CgroupOwner cgroupfs = cgroup_owner(
        "12:name=systemd:/\n"
        "11:hugetlb:/docker/611a8d133d2c636e777745e4dbb1d5866a068fe0f6cc87033e52fe139fca5ba1\n"
        "10:net_prio:/docker/611a8d133d2c636e777745e4dbb1d5866a068fe0f6cc87033e52fe139fca5ba1\n");
    EXPECT_EQ(cgroupfs.container, "611a8d133d2c");
    // The daemon itself is a service, not a container (liske/needrestart#165).
    const CgroupOwner daemon = cgroup_owner("10:devices:/system.slice/docker.service\n1:name=systemd:/system.slice/docker.service\n");
    EXPECT_FALSE(daemon.container);
    EXPECT_EQ(daemon.systemd_unit, "docker.service");
}

TEST(CgroupOwner, KubernetesPodsAndTheirContainers) {
    // containerd, systemd driver, cgroup v2 (netdata/netdata#4868): the slice writes the pod
    // uid's dashes as underscores.
    const CgroupOwner containerd = cgroup_owner(
        "0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod03f3f104_3215_44f2_9686_d4dd1f05a7ed.slice/"
        "cri-containerd-09d185410c4e25236cc24717f881589bb0978b24eafd101624e627a4dd8d3439.scope\n");
    EXPECT_EQ(containerd.k8s_pod_uid, "03f3f104-3215-44f2-9686-d4dd1f05a7ed");
    EXPECT_EQ(containerd.container, "09d185410c4e");
    // A static pod's uid is its config hash, 32 hex digits (the same listing).
    EXPECT_EQ(cgroup_path_owner("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod187bff14cccb94f179e943eacce55bb3.slice/"
                                "cri-containerd-c203a2647ef1ad78e990157c50331f3b6ef0b03336cf08535d6bf7faa5421415.scope")
                  .k8s_pod_uid,
              "187bff14cccb94f179e943eacce55bb3");
    // cri-o under cgroup v1 (opencontainers/runc#4620, `cat /proc/21689/cgroup`).
    const CgroupOwner crio = cgroup_owner(
        "13:freezer:/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-poda5c1f8d5_1919_434d_add7_4afaafdaef89.slice/"
        "crio-5eed917563583925ffdbd40a64efb2aaffe58638e57add8becaf460fe74f5b1c.scope\n11:files:/\n");
    EXPECT_EQ(crio.k8s_pod_uid, "a5c1f8d5-1919-434d-add7-4afaafdaef89");
    EXPECT_EQ(crio.container, "5eed91756358");
    // Docker as the runtime, systemd driver (lxc/lxc#3890).
    const CgroupOwner docker = cgroup_owner(
        "11:freezer:/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod7d4424e6_bb13_42f4_a47a_45a4828bf54d.slice/"
        "docker-d0b3604b67ac7930dd34ba3a796627e3e4717d12309e90a4afe3f38b6816ac98.scope\n12:rdma:/\n");
    EXPECT_EQ(docker.k8s_pod_uid, "7d4424e6-bb13-42f4-a47a-45a4828bf54d");
    EXPECT_EQ(docker.container, "d0b3604b67ac");
    // containerd through runc's "slice:prefix:id" form under cgroup v1
    // (open-telemetry/opentelemetry-java#4507).
    const CgroupOwner colon = cgroup_owner(
        "11:perf_event:/kubepods-besteffort-pod0125ec2f_b64a_4868_8f5b_94b56cbab864.slice:cri-containerd:"
        "ee4b20e90ac7f42a10bd004d05646b13d8ab5e2c5e7cbc01abf8006bac016459\n"
        "10:blkio:/system.slice/containerd.service/kubepods-besteffort-pod0125ec2f_b64a_4868_8f5b_94b56cbab864.slice:"
        "cri-containerd:ee4b20e90ac7f42a10bd004d05646b13d8ab5e2c5e7cbc01abf8006bac016459\n");
    EXPECT_EQ(colon.k8s_pod_uid, "0125ec2f-b64a-4868-8f5b-94b56cbab864");
    EXPECT_EQ(colon.container, "ee4b20e90ac7");
    // cgroupfs driver: the uid keeps its dashes (google/cadvisor#2540).
    EXPECT_EQ(cgroup_path_owner("/kubepods/burstable/pod1ff47ee6-9685-4726-ac6f-0ff070c452d6").k8s_pod_uid,
              "1ff47ee6-9685-4726-ac6f-0ff070c452d6");
    // "pod…" outside kubepods is not a pod.
    EXPECT_FALSE(cgroup_path_owner("/system.slice/pod1ff47ee6-9685-4726-ac6f-0ff070c452d6").k8s_pod_uid);
}

TEST(CgroupOwner, PodmanContainersAndSystemdUnits) {
    // podman with the systemd cgroup manager (podman-container-tools/podman#507, systemd-cgls):
    // the container's scope, and the conmon monitor beside it, which is not the container.
    EXPECT_EQ(cgroup_path_owner("/machine.slice/libpod-0411a2a82311fbc65b137ca550d5f7e6b6863bc734759be2f515b0b67062d49a.scope").container,
              "0411a2a82311");
    EXPECT_FALSE(
        cgroup_path_owner("/machine.slice/libpod-conmon-0411a2a82311fbc65b137ca550d5f7e6b6863bc734759be2f515b0b67062d49a.scope").container);
    // Rootless podman in a user's systemd instance (containers/crun#376): the user manager is the
    // last service on the path.
    const CgroupOwner rootless = cgroup_owner("0::/user.slice/user-1000.slice/user@1000.service/user.slice/podman-6696.scope\n");
    EXPECT_EQ(rootless.systemd_unit, "user@1000.service");
    EXPECT_FALSE(rootless.container);
    // A plain service (liske/needrestart#165's daemon), the v2 line first when both exist.
    const CgroupOwner both = cgroup_owner("1:name=systemd:/system.slice/other.service\n0::/system.slice/docker.service\n");
    EXPECT_EQ(both.systemd_unit, "docker.service");
}

TEST(CgroupOwner, HostileOrBrokenTextGivesNothing) {
    EXPECT_EQ(cgroup_owner(""), CgroupOwner{});
    EXPECT_EQ(cgroup_owner("garbage without colons\n::\n"), CgroupOwner{});
    // A component too long or with characters no unit has is not a unit; a short id is not a container.
    EXPECT_FALSE(cgroup_path_owner("/system.slice/" + std::string(80, 'a') + ".service").systemd_unit);
    EXPECT_FALSE(cgroup_path_owner("/system.slice/evil\x1b[31m.service").systemd_unit);
    EXPECT_FALSE(cgroup_path_owner("/docker/c8cef9e2ff114e429cb845559c4a0dff").container);
    EXPECT_FALSE(cgroup_path_owner("/slurm/uid_0/job_99999999999999999999999/step_0").slurm_job);
}
